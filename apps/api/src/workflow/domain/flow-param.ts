import { ApiParam } from '@nestjs/swagger';
import { FLOWS } from '@schoolflow/workflows';

/** The `{flow}` path parameter, documented with the flows that exist (so clients and the fuzz test know them). */
export const FlowParam = (): MethodDecorator => ApiParam({ name: 'flow', enum: Object.keys(FLOWS), description: 'the flow (docs/architecture.md#workflow-api)' });
