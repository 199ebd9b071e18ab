import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { WorkflowInstanceView } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { offeredCommands, snapshotOf } from './flow-model.js';

const NO_COMMANDS: readonly string[] = [];

/**
 * An instance in the browser as a running actor of its flow's own machine, restored from the state the server sent
 * (ADR 0019): what the page offers is selected from the actor, so the diagram and the actions follow the machine the
 * server decides with. A new version from the server (a push, a reload) restores a new actor.
 */
export function useFlowInstance(def: FlowDefinition, view: WorkflowInstanceView | null): { snapshot: AnyMachineSnapshot | null; offered: readonly string[] } {
  // A new actor for a new version only (the same version fetched again is the same state).
  const key = view ? `${view.id}@${view.version}` : '';
  const restore = () => (view && key ? createActor(def.machine, { snapshot: snapshotOf(def, view) }) : null);
  // the actor of the version last seen, replaced while rendering when another version arrives (an actor is only
  // created here; it starts in the effect below)
  const [restored, setRestored] = useState(() => ({ key, def, actor: restore() }));
  if (restored.key !== key || restored.def !== def) setRestored({ key, def, actor: restore() });
  const actor = restored.key === key && restored.def === def ? restored.actor : null;
  useEffect(() => {
    if (!actor) return undefined;
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  // A restored actor holds its snapshot from creation on; useSelector re-renders when it changes.
  const snapshot = useSelector(actor ?? undefined, (s) => (s as AnyMachineSnapshot | undefined) ?? null) ?? null;
  const offered = useMemo(() => (view && snapshot ? offeredCommands(def, snapshot, view) : NO_COMMANDS), [def, view, snapshot]);
  return { snapshot, offered };
}
