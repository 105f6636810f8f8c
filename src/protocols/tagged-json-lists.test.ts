import { cohereFixtures } from '../test/fixtures/cohere.ts';
import { jambaFixtures } from '../test/fixtures/jamba.ts';
import { nemotronFixtures } from '../test/fixtures/nemotron.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { cohereProtocol } from './cohere.ts';
import { jambaProtocol } from './jamba.ts';
import { nemotronProtocol } from './nemotron.ts';

runFormatFixtures('nemotron', nemotronProtocol(), nemotronFixtures);
runFormatFixtures('cohere', cohereProtocol(), cohereFixtures);
runFormatFixtures('jamba', jambaProtocol(), jambaFixtures);
