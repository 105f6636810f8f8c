import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { cohereProtocol } from './cohere/cohere.ts';
import { cohereFixtures } from './cohere/test/fixtures.ts';
import { jambaProtocol } from './jamba/jamba.ts';
import { jambaFixtures } from './jamba/test/fixtures.ts';
import { nemotronProtocol } from './nemotron/nemotron.ts';
import { nemotronFixtures } from './nemotron/test/fixtures.ts';

runFormatFixtures('nemotron', nemotronProtocol(), nemotronFixtures);
runFormatFixtures('cohere', cohereProtocol(), cohereFixtures);
runFormatFixtures('jamba', jambaProtocol(), jambaFixtures);
