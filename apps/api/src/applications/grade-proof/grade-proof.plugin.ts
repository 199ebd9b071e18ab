import type { FlowDefinition } from '@schoolflow/workflows';
import { gradeProofFlow } from '@schoolflow/workflows/grade-proof/grade-proof.flow.js';
import type { FlowPlugin, PluginDeps } from '../../workflow/domain/flow-plugin.js';
import { proofPlugin } from '../shared/proof-plugin.js';
import { publishedGrades } from './published-grades.js';

/** 成绩证明 on the engine: the kit's proof; its certificate lists the student's published grades. */
export const createPlugin = ({ directory }: PluginDeps): FlowPlugin => proofPlugin(gradeProofFlow as unknown as FlowDefinition, { directory, grades: publishedGrades });
