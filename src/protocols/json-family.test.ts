import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { graniteProtocol } from './granite/granite.ts';
import { graniteFixtures } from './granite/test/fixtures.ts';
import { phi4MiniProtocol } from './phi4-mini/phi4-mini.ts';
import { phi4MiniFixtures } from './phi4-mini/test/fixtures.ts';
import { xlamFixtures } from './xlam/test/fixtures.ts';
import { xlamProtocol } from './xlam/xlam.ts';

runFormatFixtures('granite', graniteProtocol(), graniteFixtures);
runFormatFixtures('phi4-mini', phi4MiniProtocol(), phi4MiniFixtures);
runFormatFixtures('xlam', xlamProtocol(), xlamFixtures);
