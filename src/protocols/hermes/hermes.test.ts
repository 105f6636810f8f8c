import { gemmaProtocol, hermesProtocol } from '../../index.ts';
import { runFormatFixtures } from '../../test/protocol-fixtures.ts';
import { gemmaFixtures, hermesFixtures, hermesTools } from './test/fixtures.ts';

runFormatFixtures('hermes', hermesProtocol(), hermesFixtures, hermesTools);
runFormatFixtures('gemma', gemmaProtocol(), gemmaFixtures, hermesTools);
