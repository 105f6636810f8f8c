import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { internlmProtocol } from './internlm.ts';
import { internlmFixtures, internlmTools } from './test/fixtures.ts';

runFormatFixtures('internlm', internlmProtocol(), internlmFixtures, internlmTools);
