import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { apertusProtocol } from './apertus.ts';
import { apertusFixtures, apertusTools } from './test/fixtures.ts';

runFormatFixtures('apertus', apertusProtocol(), apertusFixtures, apertusTools);
