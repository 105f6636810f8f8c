import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { minicpm5Protocol } from './minicpm5.ts';
import { minicpm5Fixtures, minicpm5Tools } from './test/fixtures.ts';

runFormatFixtures('minicpm5', minicpm5Protocol(), minicpm5Fixtures, minicpm5Tools);
