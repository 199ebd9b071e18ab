import { useState } from 'react';
import { Button, Input, Label, List, Modal } from 'semantic-ui-react';
import { PROJECT_ROLES, type ProjectDetail, type ProjectMember, type ProjectRole, roleManages } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { toast } from '../util/toast.js';
import { useProjectCandidates } from './use-project-candidates.js';
import { useProjectsT } from './use-projects-t.js';
import { useSetMember } from './use-set-member.js';

/**
 * 项目成员: who is in the project and as what. The owner adds staff (searched by name or account), changes a role,
 * removes a member or hands the project over; everyone else sees the list.
 */
export function MembersModal({ project, onClose }: { project: ProjectDetail; onClose: () => void }) {
  const { pj } = useProjectsT();
  const manages = roleManages(project.myRole);
  const setMember = useSetMember(project.id);
  const [q, setQ] = useState('');
  const candidates = useProjectCandidates(q.trim(), manages && q.trim().length > 0);
  const inProject = new Set(project.members.map((m) => m.userId));
  const change = (m: { userId: string; name: string }, role: ProjectRole | null) =>
    setMember.mutate({ userId: m.userId, body: { role } }, { onSuccess: (res) => toast.success(res.msg || pj('results.memberSaved')), onError: (e) => toast.error(errorMessage(e)) });
  const remove = async (m: ProjectMember) => {
    if (await confirmAction(pj('members.removeConfirm', { name: m.name }))) change(m, null);
  };
  const handOver = async (m: ProjectMember) => {
    if (await confirmAction(pj('members.makeOwnerConfirm', { name: m.name }))) change(m, 'owner');
  };
  return (
    <Modal open size="small" onClose={onClose} data-testid="project-members">
      <Modal.Header>{pj('members.title')}</Modal.Header>
      <Modal.Content scrolling>
        <List divided relaxed>
          {project.members.map((m) => (
            <List.Item key={m.userId} data-testid="project-member" data-id={m.userId} data-role={m.role}>
              <List.Content floated="right">
                {manages && m.role !== 'owner' ? (
                  <>
                    <select className="ui dropdown sf-pj-role" value={m.role} aria-label={pj('fields.role')} onChange={(e) => change(m, e.target.value as ProjectRole)} data-testid="project-member-role">
                      {PROJECT_ROLES.filter((r) => r !== 'owner').map((r) => (
                        <option key={r} value={r}>
                          {pj(`roles.${r}`)}
                        </option>
                      ))}
                    </select>{' '}
                    <Button size="mini" basic icon="exchange" title={pj('members.makeOwner')} aria-label={pj('members.makeOwner')} onClick={() => void handOver(m)} />
                    <Button size="mini" basic icon="user delete" title={pj('members.remove')} aria-label={pj('members.remove')} onClick={() => void remove(m)} data-testid="project-member-remove" />
                  </>
                ) : (
                  <Label size="small" basic content={pj(`roles.${m.role}`)} />
                )}
              </List.Content>
              <List.Content>
                <List.Header>
                  {m.name}
                </List.Header>
                <List.Description>
                  {m.account}
                  {m.department ? ` · ${m.department}` : ''}
                </List.Description>
              </List.Content>
            </List.Item>
          ))}
        </List>
        {manages ? (
          <div className="sf-pj-add-member">
            <Input fluid icon="search" placeholder={pj('members.search')} value={q} onChange={(_e, d) => setQ(String(d.value))} data-testid="project-member-search" />
            {q.trim() && candidates.data?.length === 0 ? <div className="sf-hint">{pj('members.noCandidates')}</div> : null}
            <List divided>
              {(candidates.data ?? [])
                .filter((c) => !inProject.has(c.userId))
                .map((c) => (
                  <List.Item key={c.userId} data-testid="project-candidate">
                    <List.Content floated="right">
                      <Button size="mini" primary basic icon="user plus" content={pj('members.add')} onClick={() => change(c, 'member')} data-testid="project-candidate-add" />
                    </List.Content>
                    <List.Content>
                      {c.name} <span className="sf-sub">{c.account}{c.department ? ` · ${c.department}` : ''}</span>
                    </List.Content>
                  </List.Item>
                ))}
            </List>
          </div>
        ) : null}
      </Modal.Content>
      <Modal.Actions>
        <Button content={pj('task.close')} onClick={onClose} data-testid="project-members-close" />
      </Modal.Actions>
    </Modal>
  );
}
