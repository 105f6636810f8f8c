import { pythonicFixtures } from '../test/fixtures/pythonic.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { pythonicProtocol } from './pythonic.ts';

runFormatFixtures('pythonic', pythonicProtocol(), pythonicFixtures);
