import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { seedOssProtocol } from './seed-oss.ts';
import { seedOssFixtures, seedOssTools } from './test/fixtures.ts';

runFormatFixtures('seed-oss', seedOssProtocol(), seedOssFixtures, seedOssTools);
