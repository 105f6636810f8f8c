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
