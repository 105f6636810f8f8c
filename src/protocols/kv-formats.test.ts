import { functionGemmaFixtures } from '../test/fixtures/function-gemma.ts';
import { gemma4Fixtures } from '../test/fixtures/gemma4.ts';
import { glmFixtures } from '../test/fixtures/glm.ts';
import { minimaxM2Fixtures } from '../test/fixtures/minimax-m2.ts';
import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { functionGemmaProtocol } from './function-gemma.ts';
import { gemma4Protocol } from './gemma4.ts';
import { glmProtocol } from './glm.ts';
import { minimaxM2Protocol } from './minimax-m2.ts';

runFormatFixtures('glm', glmProtocol(), glmFixtures);
runFormatFixtures('minimax-m2', minimaxM2Protocol(), minimaxM2Fixtures);
runFormatFixtures('gemma4', gemma4Protocol(), gemma4Fixtures);
runFormatFixtures('function-gemma', functionGemmaProtocol(), functionGemmaFixtures);
