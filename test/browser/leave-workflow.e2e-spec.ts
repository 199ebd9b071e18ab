import { leaveWorkflowScenario } from './leave-workflow.scenario.js';

// The leave workflow in the browser, plain (the scenario and its assertions: leave-workflow.scenario.ts).
leaveWorkflowScenario({ title: 'leave workflow in the browser, several people at once' });
