import { useState } from 'react';
import { Button, Form, Input, Loader, Menu, Message, Segment, Table } from 'semantic-ui-react';
import { FACE_LIMITS, FacePermission } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { oneOfParam, textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { FaceCapture } from './face-capture.js';
import type { CaptureSource } from './faces-client.js';
import { useDeleteFaceRegistration } from './use-delete-face-registration.js';
import { useFaceRegistrations } from './use-face-registrations.js';
import type { FacesKey } from './use-faces-t.js';
import { useFacesT } from './use-faces-t.js';
import { useRegisterFace } from './use-register-face.js';
import { useVerifyFace } from './use-verify-face.js';
import './faces.css';
import { EmptyRow } from '../components/empty-state.js';

const scopeParam = oneOfParam(['mine', 'all'] as const);

/**
 * 人脸注册 (`/faceRecognition/registration`; docs/product/campus-life.md#face-recognition): register my face from the
 * camera or a photo, see and delete my registered faces, test a match; an administrator also registers for an account
 * and sees everyone's. Only the features the server computes are kept, never the picture.
 */
export default function FaceRegistrationView({ active }: ViewProps) {
  const { f } = useFacesT();
  const manages = useAuthorized({ all: [FacePermission.manage] });
  // whose faces are listed and the search asked (`?scope=all&q=…`); everyone's only for an administrator
  const [shownScope, setScope] = useViewParam('scope', 'mine', scopeParam);
  const scope = manages ? shownScope : 'mine';
  const [q, setQ] = useViewParam('q', '', textParam);
  // what is typed, the search asked on Enter or the button
  const [search, setSearch] = useState(q);
  const [account, setAccount] = useState('');
  const list = useFaceRegistrations(scope, scope === 'all' ? q : '', active);
  const registering = useRegisterFace();
  const deleting = useDeleteFaceRegistration();
  const verifying = useVerifyFace();
  const register = async (photo: Blob, source: CaptureSource) => {
    try {
      const res = await registering.mutateAsync({ photo, source, account: manages ? account.trim() : '' });
      toast.success(res.msg || f('results.registered'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  const verify = async (photo: Blob) => {
    try {
      const v = await verifying.mutateAsync(photo);
      const text = f(v.matched ? 'hints.matched' : 'hints.notMatched', { similarity: v.similarity.toFixed(2), threshold: v.threshold.toFixed(2) });
      if (v.matched) toast.success(text);
      else toast.error(text);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  const remove = async (id: string) => {
    if (!(await confirmAction(f('hints.confirmDelete')))) return;
    try {
      const res = await deleting.mutateAsync(id);
      toast.success(res.msg || f('results.deleted'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <div className="sf-page sf-faces" data-testid="face-registration-view">
      <Segment className="sf-card">
        <h3>{f('page.registration')}</h3>
        <Message info size="small" data-testid="face-privacy">
          <div>{f('hints.privacy')}</div>
          <div>{f('hints.perPerson', { max: FACE_LIMITS.perPerson })}</div>
        </Message>
        {manages ? (
          <Form.Field className="sf-faces-toolbar">
            <label htmlFor="face-account">{f('actions.forOther')}</label>
            <Input id="face-account" size="small" value={account} onChange={(_, d) => setAccount(d.value)} data-testid="face-account" />
          </Form.Field>
        ) : null}
        <FaceCapture onCapture={(photo, source) => void register(photo, source)} busy={registering.isPending} cameraLabel={f('actions.camera')} uploadLabel={f('actions.upload')} testId="face-register" />
        <div className="sf-faces-toolbar">
          <strong>{f('actions.verify')}</strong>
          <FaceCapture onCapture={(photo) => void verify(photo)} busy={verifying.isPending} cameraLabel={f('actions.camera')} uploadLabel={f('actions.verifyUpload')} testId="face-verify" />
        </div>
      </Segment>
      <Segment className="sf-card">
        {manages ? (
          <Menu secondary size="small">
            <Menu.Item active={scope === 'mine'} onClick={() => setScope('mine')} data-testid="face-scope-mine">
              {f('page.mine')}
            </Menu.Item>
            <Menu.Item active={scope === 'all'} onClick={() => setScope('all')} data-testid="face-scope-all">
              {f('page.all')}
            </Menu.Item>
            {scope === 'all' ? (
              <Menu.Item>
                <Input size="mini" action={{ icon: 'search', onClick: () => setQ(search.trim()), 'aria-label': f('actions.search') }} value={search} onChange={(_, d) => setSearch(d.value)} onKeyDown={(e: React.KeyboardEvent) => e.key === 'Enter' && setQ(search.trim())} data-testid="face-search" />
              </Menu.Item>
            ) : null}
          </Menu>
        ) : (
          <h4>{f('page.mine')}</h4>
        )}
        {list.isLoading ? <Loader active inline="centered" size="small" /> : null}
        {list.error ? <Message negative content={errorMessage(list.error)} /> : null}
        <Table compact unstackable celled className="sf-table" data-testid="face-registrations">
          <Table.Header>
            <Table.Row>
              {(['person', 'source', 'faceScore', 'faceSize', 'registeredBy', 'createdAt'] as const).map((k) => (
                <Table.HeaderCell key={k}>{f(`fields.${k}` as FacesKey)}</Table.HeaderCell>
              ))}
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(list.data ?? []).map((r) => (
              <Table.Row key={r.id} data-testid="face-registration" data-account={r.account}>
                <Table.Cell>
                  {r.name} <span className="sf-sub">{r.account}</span>
                </Table.Cell>
                <Table.Cell>{f(`sources.${r.source}`)}</Table.Cell>
                <Table.Cell>{r.faceScore.toFixed(2)}</Table.Cell>
                <Table.Cell>{r.faceSize}</Table.Cell>
                <Table.Cell>{r.registeredBy}</Table.Cell>
                <Table.Cell>{formatDateTime(r.createdAt)}</Table.Cell>
                <Table.Cell collapsing>
                  <Button size="mini" basic negative content={f('actions.delete')} onClick={() => void remove(r.id)} data-testid="face-registration-delete" />
                </Table.Cell>
              </Table.Row>
            ))}
            {list.data && list.data.length === 0 ? <EmptyRow colSpan={7} text={f('empty')} /> : null}
          </Table.Body>
        </Table>
      </Segment>
    </div>
  );
}
