import { mistralFixtures } from '../test/fixtures/mistral.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { mistralProtocol } from './mistral.ts';

runFormatFixtures('mistral', mistralProtocol(), mistralFixtures);
