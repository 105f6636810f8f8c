import { llama3JsonFixtures } from '../test/fixtures/llama3-json.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { llama3JsonProtocol } from './llama3-json.ts';

runFormatFixtures('llama3-json', llama3JsonProtocol(), llama3JsonFixtures);
