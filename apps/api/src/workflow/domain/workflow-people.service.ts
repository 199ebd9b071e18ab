import { Injectable } from '@nestjs/common';
import type { AnyMachineSnapshot } from 'xstate';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { PeopleDirectory, type PersonChoice } from '../ports/people-directory.port.js';
import type { FlowPlugin } from './flow-plugin.js';
import { WorkflowInstances } from './workflow-instances.service.js';
import { WorkflowErrors } from '../workflow.errors.js';

/**
 * The people a command names beyond the machine's own rules — whom a step is handed to (转办), whom a CC copies (抄送) —
 * checked against the directory, and the pickers' choices, which offer exactly what the checks accept.
 */
/** The role whose holder a command may name: a transfer's is the current step's, another command's its `pickRoles` entry. */
function pickedRole(def: FlowPlugin['definition'], snapshot: AnyMachineSnapshot, command: string): string | undefined {
  return command === 'TRANSFER' ? def.stepRoles[def.currentStep(snapshot) ?? ''] : def.pickRoles[command];
}

@Injectable()
export class WorkflowPeople {
  constructor(
    private readonly directory: PeopleDirectory,
    private readonly instances: WorkflowInstances,
  ) {}

  /**
   * 转办 (the kit's TRANSFER): the step is handed only to an enabled user who holds the step's role (docs/product/workflows.md#transfer) —
   * the machine checks the rest (a reviewer of the step sends it; the target is new to it and not the applicant).
   * A step without a role is nobody else's to take (422 workflow.notTransferable); a target who does not hold it,
   * or whose account or role is disabled, is refused (422 workflow.transferNotHolder).
   */
  async checkTransferTarget(def: FlowPlugin['definition'], snapshot: AnyMachineSnapshot, toUserId: string | undefined, command = 'TRANSFER'): Promise<void> {
    if (!toUserId) return; // the command's own data check answers 400
    const role = pickedRole(def, snapshot, command);
    if (!role) throw WorkflowErrors.notTransferable();
    if (!(await this.directory.holdsRole(toUserId, role))) throw WorkflowErrors.transferNotHolder();
  }

  /** Whether a command names a person the server checks against a role (TRANSFER, or one of the flow's `pickRoles`). */
  static namesPerson(def: FlowPlugin['definition'], command: string): boolean {
    return command === 'TRANSFER' || Object.hasOwn(def.pickRoles, command);
  }

  /**
   * 抄送's people (the kit's CC checks the rest: who sends it, that someone is new, how often): each an enabled account
   * the instance may be shown to — the school's staff the sender may find in the directory (a student or parent: their
   * teachers, the office, the principal; `directoryScope`), or the instance's own people (its student, their parents)
   * (docs/adr/0028). A random id, a disabled account or another class's student is refused (422
   * workflow.ccTargetInvalid) and nothing is appended. `ccCandidates` offers exactly these.
   */
  async checkCcTargets(id: string, userIds: unknown, actor: Principal): Promise<void> {
    const named = Array.isArray(userIds) ? [...new Set(userIds.filter((x): x is string => typeof x === 'string'))] : [];
    if (named.length === 0) return; // the machine refused it already (nobody new)
    if ((await this.directory.countCcTargets(id, named, actor)) !== named.length) throw WorkflowErrors.ccTargetInvalid();
  }

  /**
   * The holders of the current step's role who could take it over (转办's choices), by name: not its reviewers now, not
   * the applicant. With another `command` of the flow's `pickRoles` (a repair's DISPATCH), that command's role's holders.
   */
  async transferCandidates(flow: string, id: string, actor: Principal, command = 'TRANSFER'): Promise<PersonChoice[]> {
    const loaded = await this.instances.load(flow, id, actor);
    const def = loaded.plugin.definition;
    if (!WorkflowPeople.namesPerson(def, command)) return [];
    const role = pickedRole(def, loaded.snapshot, command);
    // TRANSFER is offered apart (secondary); a command of the flow's own (DISPATCH) is one of its decisions
    if (!role || !this.instances.can(loaded.plugin, loaded.snapshot, actor.userId, def.commandUi(command).secondary === true).includes(command)) return [];
    const taken = new Set([...def.assignees(loaded.snapshot), String((loaded.snapshot.context as { applicantId?: string }).applicantId ?? '')]);
    return (await this.directory.roleHolders(role)).filter((r) => !taken.has(r.id));
  }

  /**
   * People one who may copy the instance can choose (抄送), by a part of their name or account: those a CC accepts
   * (`checkCcTargets`), less the sender and those copied already.
   */
  async ccCandidates(flow: string, id: string, q: string, actor: Principal): Promise<PersonChoice[]> {
    const loaded = await this.instances.load(flow, id, actor);
    if (q === '' || !this.instances.can(loaded.plugin, loaded.snapshot, actor.userId, true).includes('CC')) return [];
    const copied = (loaded.snapshot.context as { cc?: readonly string[] }).cc ?? [];
    return this.directory.ccTargets(id, q, [actor.userId, ...copied], actor);
  }
}
