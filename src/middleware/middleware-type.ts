/**
 * The type of every middleware the main entry returns. With AI SDK 6
 * installed (npm picks it on Node 20, since AI SDK 7 needs Node 22),
 * `@ai-sdk/provider` 3 has no `LanguageModelV4Middleware`. Under
 * `skipLibCheck` (most apps set it) that failed import silently acts as
 * `any`, and so would every preset: the app would type-check and learn
 * nothing. Here the failed import selects a type whose `specificationVersion`
 * is a sentence naming the entry to use instead, which the app's type check
 * then prints ('… is not assignable to type "v3"').
 */
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';

type MiddlewareOrHint = unknown extends LanguageModelV4Middleware
  ? {
      specificationVersion: 'toolshim: this entry is for AI SDK 7 (ai@7, @ai-sdk/provider 4); with AI SDK 6 import the same names from "toolshim/v3"';
    }
  : LanguageModelV4Middleware;

/**
 * A `LanguageModelV4Middleware`. An interface rather than an alias so that the
 * emitted .d.ts of every preset names it, and the check above runs in the
 * app's type check rather than being settled when toolshim is built.
 */
export interface ToolshimMiddleware extends MiddlewareOrHint {}
