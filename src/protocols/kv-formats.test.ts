import { runFormatFixtures } from '../test/protocol-fixtures.ts';
import { functionGemmaProtocol } from './function-gemma/function-gemma.ts';
import { functionGemmaFixtures } from './function-gemma/test/fixtures.ts';
import { gemma4Protocol } from './gemma4/gemma4.ts';
import { gemma4Fixtures } from './gemma4/test/fixtures.ts';
import { glmProtocol } from './glm/glm.ts';
import { glmFixtures, glmTools } from './glm/test/fixtures.ts';
import { minimaxM2Protocol } from './minimax-m2/minimax-m2.ts';
import { minimaxM2Fixtures } from './minimax-m2/test/fixtures.ts';

runFormatFixtures('glm', glmProtocol(), glmFixtures, glmTools);
runFormatFixtures('minimax-m2', minimaxM2Protocol(), minimaxM2Fixtures);
runFormatFixtures('gemma4', gemma4Protocol(), gemma4Fixtures);
runFormatFixtures('function-gemma', functionGemmaProtocol(), functionGemmaFixtures);
