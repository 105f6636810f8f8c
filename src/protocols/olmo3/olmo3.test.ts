import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { olmo3Protocol } from './olmo3.ts';
import { olmo3Fixtures } from './test/fixtures.ts';

runFormatFixtures('olmo3', olmo3Protocol(), olmo3Fixtures);
