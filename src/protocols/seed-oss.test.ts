import { seedOssFixtures, seedOssTools } from '../test/fixtures/seed-oss.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { seedOssProtocol } from './seed-oss.ts';

runFormatFixtures('seed-oss', seedOssProtocol(), seedOssFixtures, seedOssTools);
