/**
 * Where the corpus patterns were seen, as `repo path@commit`. llama.cpp
 * commits were checked with `git log -- <path>` in a fork that carries
 * ggml-org/llama.cpp's history (erm14254/llama.cpp-minimax-m3-combined, HEAD
 * 7e743c3a): each is the upstream commit that last changed the file. Ollama
 * commits come from `git log` in its mirror (HEAD fb307609). vLLM commits are
 * the stored versions the code index returned (its repository is too large to
 * clone here).
 */

const LCPP = 'ggml-org/llama.cpp';
const tmpl = (file: string, commit: string) => `${LCPP} models/templates/${file}@${commit}`;

/** llama.cpp's chat-parser tests, after the autoparser rewrite and before it. */
export const LCPP_TEST = `${LCPP} tests/test-chat.cpp@f534da26e4ab045b6899adc07cd2b9a065355ce9`;
export const LCPP_TEST_OLD = `${LCPP} tests/test-chat.cpp@34df42f7bef5a711b2b40f5d2b6b78254def99c3`;

export const T_QWEN3 = tmpl('Qwen-Qwen3-0.6B.jinja', 'e121edc4324a640be11b7e567edd39b721b0f8e4');
export const T_QWQ = tmpl('Qwen-QwQ-32B.jinja', '566059a26b0ce8faec4ea053605719d399c64cc5');
export const T_QWEN3_CODER = tmpl('Qwen3-Coder.jinja', '566059a26b0ce8faec4ea053605719d399c64cc5');
export const T_NEMO = tmpl('mistralai-Mistral-Nemo-Instruct-2407.jinja', '8b576b6c55bc4e6be898b47522f0ef402b93ef62');
export const T_SMALL32 = tmpl('Mistral-Small-3.2-24B-Instruct-2506.jinja', '901e20bbe571fbde48d13eb188f4e7cdc7562fb6');
export const T_DEVSTRAL = tmpl('unsloth-mistral-Devstral-Small-2507.jinja', '00fa15fedc79263fa0285e6a3bbb0cfb3e3878a2');
export const T_GRANITE33 = tmpl(
  'ibm-granite-granite-3.3-2B-Instruct.jinja',
  '3db4da56a5a00c4b47bbb3b18f85fb4473662adb',
);
export const T_GRANITE40 = tmpl('ibm-granite-granite-4.0.jinja', '6137c325a16073c8bf68a52396a815006ccaa9a9');
export const T_LLAMA31 = tmpl('meta-llama-Llama-3.1-8B-Instruct.jinja', '8b576b6c55bc4e6be898b47522f0ef402b93ef62');
export const T_MINIMAX_M2 = tmpl('MiniMax-M2.jinja', '1920345c3bcec451421bb6abc4981678cc721154');
export const T_GLM46 = tmpl('GLM-4.6.jinja', '1920345c3bcec451421bb6abc4981678cc721154');
export const T_GLM47 = tmpl('GLM-4.7-Flash.jinja', '566059a26b0ce8faec4ea053605719d399c64cc5');
export const T_KIMI_K2 = tmpl('moonshotai-Kimi-K2.jinja', '566059a26b0ce8faec4ea053605719d399c64cc5');
export const T_KIMI_THINKING = tmpl('Kimi-K2-Thinking.jinja', '636fc17a376dacc01da20d508e6986a299b1f819');
export const T_DS_V31 = tmpl('deepseek-ai-DeepSeek-V3.1.jinja', '5e54d51b199ad2d70cf6eba4bff756bbf63366a6');
export const T_DS_R1_QWEN = tmpl(
  'deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja',
  '5e54d51b199ad2d70cf6eba4bff756bbf63366a6',
);
export const T_GPT_OSS = tmpl('openai-gpt-oss-120b.jinja', 'b204a5a234f4cf0b3f449476da639a5510c6d157');
export const T_GEMMA4 = tmpl('google-gemma-4-31B-it.jinja', '3fc65063d9c356510b86fc2f15ca8aea711bfc47');
export const T_LFM25 = tmpl('LFM2.5-8B-A1B.jinja', '98d5e8ba8a2642710c9871d05ac1033a3328b884');

const VLLM = 'vllm-project/vllm tests/tool_parsers';
export const V_HERMES = `${VLLM}/test_hermes_tool_parser.py@0eb73d6a09be117cdd0d4da4d6239321001c0d0c`;
export const V_MISTRAL = `${VLLM}/test_mistral_tool_parser.py@002d5731d3ee99b92d80b103be81c212245f1acf`;
export const V_XLAM = `${VLLM}/test_xlam_tool_parser.py@10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f`;
export const V_OLMO3 = `${VLLM}/test_olmo3_tool_parser.py@2aac44dc3f7b41fca0273ff024fa557c4c7ab1ee`;
export const V_PYTHONIC = `${VLLM}/test_pythonic_tool_parser.py@0716d268c7d81e445bd9ae30205f7bf4cfacd7d5`;
export const V_LLAMA4 = `${VLLM}/test_llama4_pythonic_tool_parser.py@0716d268c7d81e445bd9ae30205f7bf4cfacd7d5`;
export const V_LFM2 = `${VLLM}/test_lfm2_tool_parser.py@011cde7c177a29bbcb0052d80e5ab7671a70f634`;
export const V_QWEN3_CODER = `${VLLM}/test_qwen3coder_tool_parser.py@049d8df27dda4fd0caffa289ea12bfe5a47ac794`;

const OLLAMA = 'ollama/ollama model/parsers';
export const O_FUNCTIONGEMMA = `${OLLAMA}/functiongemma_test.go@fdfe9cec98048bc4f2cfd36250e0febf7e8bbb01`;
export const O_OLMO3 = `${OLLAMA}/olmo3_test.go@fdfe9cec98048bc4f2cfd36250e0febf7e8bbb01`;
export const O_GEMMA4 = `${OLLAMA}/gemma4_test.go@8a0016f826305b0672daaf02c6c55a34f844bba3`;
export const O_MINISTRAL = `${OLLAMA}/ministral_test.go@fdfe9cec98048bc4f2cfd36250e0febf7e8bbb01`;
export const O_GLM46 = `${OLLAMA}/glm46_test.go@b517b9bd0172326367c62ede864353d6b749eba7`;
export const O_LFM2 = `${OLLAMA}/lfm2_test.go@993acc7504e7527d0764a1309dcb1d9036a0e389`;
export const O_DEEPSEEK3 = `${OLLAMA}/deepseek3_test.go@fdfe9cec98048bc4f2cfd36250e0febf7e8bbb01`;

// The families added by issue 27 (nemotron, cohere, jamba, seed-oss). llama.cpp commits here were checked with
// `git log -1 -- <path>` in Raudbjorn/ggml-llama.cpp (a fork carrying ggml-org's history to 98d5e8ba).

/** llama.cpp's chat-parser tests at the commit that last changed them in that fork (upstream #24234). */
export const LCPP_TEST_2026 = `${LCPP} tests/test-chat.cpp@98d5e8ba8a2642710c9871d05ac1033a3328b884`;
export const T_NEMOTRON_NANO_V2 = tmpl('NVIDIA-Nemotron-Nano-v2.jinja', 'b2426e469e2fdb6c44216d56baa4cfff4f39ae00');
export const T_COMMAND_R7B = tmpl(
  'CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja',
  '566059a26b0ce8faec4ea053605719d399c64cc5',
);
/** Seed-OSS's template after ByteDance's update: at thinking budget 0 the prompt holds a closed thinking block. */
export const T_SEED_OSS = tmpl('ByteDance-Seed-OSS.jinja', '60e5eee31f1af9bb579ac45380e3857d610020b9');
/**
 * The first version (the code index's ggml-org copy, the one src/test/fixtures/chat-templates holds): at thinking
 * budget 0 the prompt ends `<seed:think><seed:cot_budget_reflect>`, so the answer begins inside the block.
 */
export const T_SEED_OSS_FIRST = tmpl('ByteDance-Seed-OSS.jinja', 'b1933d306f928b19e1601e640c4f1a2eb84b238a');
/** AI21 Jamba Mini 1.7's template, as r-rojo/rampipe keeps it (AI21 ships it only on Hugging Face). */
export const T_JAMBA_MINI =
  'r-rojo/rampipe tests/fixtures/jamba_mini_1_7_chat_template.jinja@3c7722e3161b0b15312e3d78b203df4955cba762';

export const V_NEMOTRON_JSON = `${VLLM}/test_nemotron_json_tool_parser.py@32367d45e3ae37d03e9c73598406bc4e6e62fba2`;
export const V_COHERE = `${VLLM}/test_cohere_command_tool_parser.py@6bcd488866e07589f62d793e513368a4eb5818f9`;
/** ERNIE-4.5 writes Hermes blocks: vLLM's ernie45 parser tests. */
export const V_ERNIE45 = `${VLLM}/test_ernie45_moe_tool_parser.py@85cd216e5b4f92e0dde2fe2a720abab597033a8c`;
/** Hunyuan-A13B writes Jamba's `<tool_calls>[…]</tool_calls>`: vLLM's hunyuan_a13b parser tests. */
export const V_HUNYUAN_A13B = `${VLLM}/test_hunyuan_a13b_tool_parser.py@3b12500c9761c8854350f1c096ac58def1834836`;
export const V_JAMBA = `${VLLM}/test_jamba_tool_parser.py@045d7575500e01e0f4a7ff84e039a9f7f7dc3bd0`;
export const V_SEED_OSS =
  'vllm-project/vllm tests/tool_use/test_seed_oss_tool_parser.py@181b452c21f2f92eda19a17d340952ecf7773a77';

export const O_COHERE = `${OLLAMA}/cohere_test.go@acfb50d9afdb7777eb430b5345ae0abdea26d84e`;

/** ai-dynamo/dynamo's parser parity fixtures (its own cases, `ref: dynamo`), by family and file. */
const dynamo = (family: string, file: string, commit: string) =>
  `ai-dynamo/dynamo tests/parity/parser/fixtures/${family}/${file}@${commit}`;
const D_BATCH = '6d8162757aa84ea308ad18f9f3d29227d984bf92';
export const D_NEMOTRON = (file: string) =>
  dynamo('nemotron_deci', file, file === 'PARSER.batch.yaml' ? '34d16339171c9108899056c94e3c234338af5793' : D_BATCH);
export const D_JAMBA = (file: string) =>
  dynamo('jamba', file, file === 'PARSER.batch.yaml' ? '02494d43272d6be4ebd426d6bb82fa3941d2b7a4' : D_BATCH);
