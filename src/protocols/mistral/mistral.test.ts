import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { mistralProtocol } from './mistral.ts';
import { mistralFixtures } from './test/fixtures.ts';

runFormatFixtures('mistral', mistralProtocol(), mistralFixtures);
