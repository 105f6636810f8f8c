/**
 * The route table: every API the proxy speaks, one front door each
 * (core/front-door.ts says what a door is). A new API adds its door here.
 */
import { chatCompletions } from './chat-completions/front-door.ts';
import type { FrontDoor } from './core/front-door.ts';
import { GEMINI_DOORS } from './gemini/front-door.ts';
import { countTokens, messages } from './messages/front-door.ts';
import { responses } from './responses/front-door.ts';

export const FRONT_DOORS: readonly FrontDoor[] = [
  chatCompletions, // POST /v1/chat/completions
  responses, // POST /v1/responses
  messages, // POST /v1/messages
  countTokens, // POST /v1/messages/count_tokens
  ...GEMINI_DOORS, // POST /v1beta/models/{model}:generateContent, :streamGenerateContent, :countTokens; GET /v1beta/models
];
