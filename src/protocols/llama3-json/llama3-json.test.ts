import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { llama3JsonProtocol } from './llama3-json.ts';
import { llama3JsonFixtures } from './test/fixtures.ts';

runFormatFixtures('llama3-json', llama3JsonProtocol(), llama3JsonFixtures);
