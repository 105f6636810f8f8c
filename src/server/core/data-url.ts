/**
 * `data:` image URLs from chat requests → the base64 payload the AI SDK's
 * file parts carry. The doors validate with it (a bad payload is the
 * client's 400, not our 500) and decode with it (door-kit/image.ts).
 */

/** The shape clients send: `data:[media type][;base64],payload`. Other data URLs are passed on as URLs. */
const DATA_URL = /^data:([^;,]+)?(;base64)?,(.*)$/s;

export type DataUrl = { mediaType: string | undefined; base64: string } | { error: string };

/** `undefined` when `url` is not a data URL of that shape; `{ error }` when its payload cannot be decoded. */
export function parseDataUrl(url: string): DataUrl | undefined {
  const match = DATA_URL.exec(url);
  if (match === null) return undefined;
  const mediaType = match[1];
  const payload = match[3] ?? '';
  if (match[2]) {
    try {
      atob(payload); // validates only: the forgiving base64 of data URLs, as browsers decode them
    } catch {
      return { error: 'its ;base64 payload is not valid base64' };
    }
    return { mediaType, base64: payload };
  }
  const bytes = percentDecode(payload);
  if (bytes === undefined) {
    return { error: 'its payload has a "%" not followed by two hex digits; percent-encode a literal "%" as %25' };
  }
  return { mediaType, base64: bytesToBase64(bytes) };
}

function hexDigit(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * Percent-escapes are bytes, not characters: `%E2%82%AC` is the three UTF-8
 * bytes of "€", and an image's `%89PNG` is byte 0x89. So decode to bytes
 * (decodeURIComponent would reject or reinterpret them). Characters sent
 * unescaped count as their UTF-8 bytes.
 */
function percentDecode(text: string): Uint8Array | undefined {
  const input = new TextEncoder().encode(text);
  const output = new Uint8Array(input.length);
  let length = 0;
  for (let i = 0; i < input.length; i++) {
    const byte = input[i] as number;
    if (byte !== 0x25) {
      output[length++] = byte;
      continue;
    }
    const high = hexDigit(input[i + 1]);
    const low = hexDigit(input[i + 2]);
    if (high < 0 || low < 0) return undefined;
    output[length++] = high * 16 + low;
    i += 2;
  }
  return output.subarray(0, length);
}

function bytesToBase64(bytes: Uint8Array): string {
  // btoa takes a "binary string" (one char per byte); build it in slices to stay within argument limits.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
