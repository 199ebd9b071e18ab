import type { FlowDefinition } from '@schoolflow/workflows';
import { readingProofFlow } from '@schoolflow/workflows/reading-proof/reading-proof.flow.js';
import type { FlowPlugin, PluginDeps } from '../../workflow/domain/flow-plugin.js';
import { proofPlugin } from '../shared/proof-plugin.js';

/** 在读证明 on the engine: the kit's proof (office review, a certificate when it passes). */
export const createPlugin = ({ directory }: PluginDeps): FlowPlugin => proofPlugin(readingProofFlow as unknown as FlowDefinition, { directory, enrolledOnly: true });
