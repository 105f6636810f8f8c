/**
 * The route table: which door answers a path. A door's path is fixed
 * (`/v1/messages`) or has fields in braces (`/v1beta/models/{model}:generateContent`,
 * Gemini's, where the model is part of the path). A field matches one or
 * more characters other than "/", as long as it can: a model named
 * `qwen3-coder:30b` still leaves `:generateContent` to the literal after it.
 * A field written `{name+}` takes slashes too: Gemini CLI puts an LM Studio
 * model `qwen/qwen3-coder-30b` in the path as it is, unencoded.
 * Fixed paths are looked up first, then the templates in the order given.
 */
import type { FrontDoor } from './front-door.ts';

export interface RouteMatch {
  door: FrontDoor;
  /** The path's fields by name, URL-decoded. */
  params: Record<string, string>;
}

interface Template {
  door: FrontDoor;
  pattern: RegExp;
  names: string[];
}

const FIELD = /\{(\w+)(\+?)\}/g;

function compile(door: FrontDoor): Template {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of door.path.matchAll(FIELD)) {
    source += escapeRegExp(door.path.slice(last, match.index));
    source += match[2] === '+' ? '(.+)' : '([^/]+)';
    names.push(match[1] as string);
    last = match.index + match[0].length;
  }
  source += escapeRegExp(door.path.slice(last));
  return { door, pattern: new RegExp(`^${source}$`), names };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function routeTable(doors: readonly FrontDoor[]) {
  const fixed = new Map<string, FrontDoor>();
  const templates: Template[] = [];
  for (const door of doors) {
    if (door.path.includes('{')) templates.push(compile(door));
    else fixed.set(door.path, door);
  }
  return {
    /**
     * The door for `path`: the first whose route matches. A fallback door is
     * taken only for its own method, so `GET /v1beta/models/qwen3-coder:30b`
     * passes Gemini's unserved-method door and reads a model.
     */
    match(path: string, method?: string): RouteMatch | undefined {
      const door = fixed.get(path);
      if (door !== undefined) return { door, params: {} };
      for (const template of templates) {
        if (template.door.fallback && method !== undefined && methodOf(template.door) !== method) continue;
        const found = template.pattern.exec(path);
        if (found === null) continue;
        const params: Record<string, string> = {};
        template.names.forEach((name, i) => {
          params[name] = decoded(found[i + 1] as string);
        });
        return { door: template.door, params };
      }
      return undefined;
    },
    /** Every door's route as `METHOD path`, for the 404 that lists them. */
    served(basePath: string): string[] {
      // `{model+}` is shown as the `{model}` it is to a client.
      return doors
        .filter((door) => !door.fallback)
        .map((door) => `${methodOf(door)} ${basePath}${door.path.replaceAll('+}', '}')}`);
    },
  };
}

/** The one method a door answers. */
export function methodOf(door: FrontDoor): 'GET' | 'POST' {
  return 'method' in door && door.method === 'GET' ? 'GET' : 'POST';
}
