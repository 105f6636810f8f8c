/**
 * Fixtures of the cohere format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const cohereFixtures: FormatFixture[] = [
  // Scripted after vLLM tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd4888, cmd3-single_tool_call (the tool renamed to a declared one).
  {
    name: 'thinking, then one action',
    text: '<|START_THINKING|> i will call search with query1<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "query1"}}\n]\n<|END_ACTION|>',
    calls: [{ toolName: 'search', input: { query: 'query1' } }],
    prose: '',
    reasoning: 'i will call search with query1',
  },
  // Scripted in the form llama.cpp models/templates/CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja@041462bd writes a turn's calls: an empty thinking block, one call per line.
  {
    name: 'two calls, as the template writes them',
    text: '<|START_THINKING|><|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}},\n    {"tool_call_id": "1", "tool_name": "search", "parameters": {"query": "rain", "tags": ["a"]}}\n]<|END_ACTION|>',
    calls: [
      { toolName: 'get_weather', input: { city: 'Paris' } },
      { toolName: 'search', input: { query: 'rain', tags: ['a'] } },
    ],
    prose: '',
  },
  // Scripted after vLLM tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd4888, cmd3-citations_no_tool_calls, without the citation tags.
  {
    name: 'thinking, then the answer in <|START_RESPONSE|>',
    text: '<|START_THINKING|>This is a rainbow.<|END_THINKING|>\n<|START_RESPONSE|>foo bar<|END_RESPONSE|>',
    calls: [],
    prose: 'foo bar',
    reasoning: 'This is a rainbow.',
  },
  // Scripted after vLLM tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd4888, cmd4-reasoning_only.
  {
    name: 'thinking only',
    text: '<|START_THINKING|>just think, no response<|END_THINKING|>',
    calls: [],
    prose: '',
    reasoning: 'just think, no response',
  },
  // Scripted after Ollama model/parsers/cohere.go@fb307609: Command A 2026 / North answer in <|START_TEXT|>.
  {
    name: 'the answer in <|START_TEXT|>, then the end of turn',
    text: '<|START_THINKING|>Easy.<|END_THINKING|><|START_TEXT|>Hello!<|END_TEXT|><|END_OF_TURN_TOKEN|>',
    calls: [],
    prose: 'Hello!',
    reasoning: 'Easy.',
  },
  // Scripted (issue 27): call objects separated by commas without the list's brackets.
  {
    name: 'two objects separated by a comma, no brackets',
    text: '<|START_ACTION|>{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "a"}}, {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "b"}}<|END_ACTION|>',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { city: 'b' } },
    ],
    prose: '',
  },
  // Scripted (issue 27): an empty action list and an empty action block leave nothing behind.
  {
    name: 'empty actions, then the answer',
    text: '<|START_ACTION|>[]<|END_ACTION|><|START_ACTION|><|END_ACTION|><|START_RESPONSE|>No tool needed.<|END_RESPONSE|>',
    calls: [],
    prose: 'No tool needed.',
  },
  // Scripted (issue 27): end tokens alone (the engine dropped their start) are markup, not prose.
  {
    name: 'end tokens alone are dropped',
    text: 'Sure.<|END_RESPONSE|><|END_ACTION|><|END_TEXT|>',
    calls: [],
    prose: 'Sure.',
  },
  // Scripted edge case: the action list after the answer.
  {
    name: 'an answer, then an action',
    text: '<|START_RESPONSE|>Checking.<|END_RESPONSE|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Rome"}}]<|END_ACTION|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Rome' } }],
    prose: 'Checking.',
  },
  // Scripted edge case.
  {
    name: 'malformed JSON stays text',
    text: '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "a"]]<|END_ACTION|>',
    calls: [],
    prose: '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "a"]]<|END_ACTION|>',
    errors: ['malformed-tool-call'],
  },
  // Scripted edge case.
  {
    name: 'an undeclared tool is surfaced with an error',
    text: '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "launch", "parameters": {"when": "now"}}]<|END_ACTION|>',
    calls: [{ toolName: 'launch', input: { when: 'now' } }],
    prose: '',
    errors: ['unknown-tool'],
  },
  // Scripted edge case.
  {
    name: 'cut off inside the parameters stays text',
    text: '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "a',
    calls: [],
    prose: '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "a',
    errors: ['unclosed-tool-call'],
  },
  // Scripted after ollama/ollama model/parsers/commandr_test.go@87d8a555 (a pull request's branch), TestCommandRParser_MultipleToolCalls:
  // Command R's plain-text Action block, one call per object, the fence closed on its own line.
  {
    name: 'Command R: an Action block with two calls',
    text: 'Action: ```json\n[\n    {\n        "tool_name": "get_weather",\n        "parameters": {"city": "New York"}\n    },\n    {\n        "tool_name": "search",\n        "parameters": {"query": "EST"}\n    }\n]\n```',
    calls: [
      { toolName: 'get_weather', input: { city: 'New York' } },
      { toolName: 'search', input: { query: 'EST' } },
    ],
    prose: '',
  },
  // Scripted after the same test file, TestCommandRParser_ContentBeforeAction and TestCommandRParser_SingleObject.
  {
    name: 'Command R: prose, then one object in the block',
    text: 'I\'ll look up the weather for you.\nAction: ```json\n{\n    "tool_name": "get_weather",\n    "parameters": {"city": "NYC"}\n}\n```',
    calls: [{ toolName: 'get_weather', input: { city: 'NYC' } }],
    prose: "I'll look up the weather for you.",
  },
  // Scripted after the same test file, TestCommandRParser_DirectlyAnswer: Command R's pseudo-tool for "no tool"
  // names nothing declared, so the block stays text, unreported.
  {
    name: 'Command R: directly-answer stays text',
    text: 'Action: ```json\n[\n    {\n        "tool_name": "directly-answer",\n        "parameters": {}\n    }\n]\n```',
    calls: [],
    prose:
      'Action: ```json\n[\n    {\n        "tool_name": "directly-answer",\n        "parameters": {}\n    }\n]\n```',
  },
  // Scripted: a ReAct agent's own Action block (LangChain's structured-chat shape) is no Command R call.
  {
    name: 'a ReAct Action block stays text',
    text: 'Thought: look it up.\nAction: ```json\n{"action": "search", "action_input": "rain"}\n```',
    calls: [],
    prose: 'Thought: look it up.\nAction: ```json\n{"action": "search", "action_input": "rain"}\n```',
  },
];

export const cohereTools: LanguageModelV4FunctionTool[] = fixtureTools;
