import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { gigachatProtocol } from './gigachat.ts';
import { gigachatFixtures, gigachatTools } from './test/fixtures.ts';

runFormatFixtures('gigachat', gigachatProtocol(), gigachatFixtures, gigachatTools);
