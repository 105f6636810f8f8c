import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { pythonicProtocol } from './pythonic.ts';
import { pythonicFixtures } from './test/fixtures.ts';

runFormatFixtures('pythonic', pythonicProtocol(), pythonicFixtures);
