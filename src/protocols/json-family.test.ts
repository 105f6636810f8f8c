import { graniteFixtures } from '../test/fixtures/granite.ts';
import { phi4MiniFixtures } from '../test/fixtures/phi4-mini.ts';
import { xlamFixtures } from '../test/fixtures/xlam.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { graniteProtocol } from './granite.ts';
import { phi4MiniProtocol } from './phi4-mini.ts';
import { xlamProtocol } from './xlam.ts';

runFormatFixtures('granite', graniteProtocol(), graniteFixtures);
runFormatFixtures('phi4-mini', phi4MiniProtocol(), phi4MiniFixtures);
runFormatFixtures('xlam', xlamProtocol(), xlamFixtures);
