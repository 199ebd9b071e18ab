import { useState } from 'react';
import { Button, Comment, Form, Icon, Label, List, Loader, Message, Modal } from 'semantic-ui-react';
import { PROJECT_LIMITS, type ProjectDetail, roleWrites } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { useDownloadFile } from '../components/use-files.js';
import { FileUpload } from '../components/widgets/file-upload.js';
import { toast } from '../util/toast.js';
import { useDeleteTask } from './use-delete-task.js';
import { useProjectsT } from './use-projects-t.js';
import { useAddComment, useAttachFiles, useDeleteComment, useDetachFile } from './use-task-comments.js';
import { useTaskDetail } from './use-task-detail.js';

/**
 * A task's detail (docs/product/office.md#projects): its fields, comments and attachments. The owner and members
 * comment, attach their uploads (the upload service, then attached here), edit and delete the task; one's own comment
 * or attachment — any, for the project's owner — can be deleted. Kept current by the project's pushes.
 */
export function TaskPanel({ project, taskId, onEdit, onClose }: { project: ProjectDetail; taskId: string; onEdit: () => void; onClose: () => void }) {
  const { pj } = useProjectsT();
  const detail = useTaskDetail(project.id, taskId);
  const writes = roleWrites(project.myRole) && !project.archived;
  const addComment = useAddComment(project.id, taskId);
  const deleteComment = useDeleteComment(project.id, taskId);
  const attach = useAttachFiles(project.id, taskId);
  const detach = useDetachFile(project.id, taskId);
  const removeTask = useDeleteTask(project.id);
  const download = useDownloadFile();
  const [text, setText] = useState('');
  const d = detail.data;
  const fail = (e: unknown) => toast.error(errorMessage(e));

  const send = () => addComment.mutate(text, { onSuccess: (res) => (setText(''), toast.success(res.msg || pj('results.commented'))), onError: fail });
  const remove = async () => {
    if (!d || !(await confirmAction(pj('task.deleteConfirm', { title: d.task.title })))) return;
    removeTask.mutate(taskId, { onSuccess: (res) => (toast.success(res.msg || pj('results.taskDeleted')), onClose()), onError: fail });
  };
  return (
    <Modal open size="small" onClose={onClose} data-testid="task-panel">
      <Modal.Header>{d?.task.title ?? pj('task.detail')}</Modal.Header>
      <Modal.Content scrolling>
        {detail.isLoading ? <Loader active inline="centered" /> : null}
        {detail.isError ? <Message negative content={errorMessage(detail.error)} /> : null}
        {d ? (
          <>
            <div className="sf-pj-task-facts">
              <Label content={pj(`statuses.${d.task.status}`)} />
              <Label basic content={pj(`priorities.${d.task.priority}`)} />
              <span>
                <Icon name="user outline" />
                {d.task.assigneeName ?? pj('fields.noAssignee')}
              </span>
              {d.task.startDate || d.task.dueDate ? (
                <span className={d.task.overdue ? 'sf-pj-due-late' : ''}>
                  <Icon name="calendar outline" />
                  {d.task.startDate ?? ''}
                  {d.task.startDate && d.task.dueDate ? ' – ' : ''}
                  {d.task.dueDate ?? ''}
                </span>
              ) : null}
            </div>
            {d.task.description ? <p className="sf-pj-task-description">{d.task.description}</p> : null}

            <h4>{pj('task.attachments')}</h4>
            {d.attachments.length === 0 ? <div className="sf-hint">{pj('task.noAttachments')}</div> : null}
            <List divided>
              {d.attachments.map((a) => (
                <List.Item key={a.resId} data-testid="task-attachment">
                  {a.deletable && writes ? (
                    <List.Content floated="right">
                      <Button size="mini" basic icon="trash alternate outline" title={pj('task.removeAttachment')} aria-label={pj('task.removeAttachment')} onClick={() => detach.mutate(a.resId, { onError: fail })} />
                    </List.Content>
                  ) : null}
                  <List.Content>
                    <button type="button" className="sf-link" onClick={() => download.mutate({ resId: a.resId, resName: a.name, resSuffix: a.suffix }, { onError: fail })}>
                      <Icon name="attach" />
                      {a.name}
                      {a.suffix}
                    </button>{' '}
                    <span className="sf-sub">
                      {a.addedBy ?? ''} {a.addedAt}
                    </span>
                  </List.Content>
                </List.Item>
              ))}
            </List>
            {writes && d.attachments.length < PROJECT_LIMITS.attachments ? (
              <FileUpload
                value={[]}
                types={PROJECT_LIMITS.attachmentTypes}
                maxSizeKb={PROJECT_LIMITS.attachmentKb}
                limit={PROJECT_LIMITS.attachments - d.attachments.length}
                onChange={(ids) => {
                  if (ids.length > 0) attach.mutate(ids, { onSuccess: (res) => toast.success(res.msg || pj('results.attached')), onError: fail });
                }}
                testId="task-upload"
              />
            ) : null}

            <h4>{pj('task.comments')}</h4>
            {d.comments.length === 0 ? <div className="sf-hint">{pj('task.noComments')}</div> : null}
            <Comment.Group minimal>
              {d.comments.map((c) => (
                <Comment key={c.id} data-testid="task-comment">
                  <Comment.Content>
                    <Comment.Author as="span">{c.authorName ?? '—'}</Comment.Author>
                    <Comment.Metadata>{c.createdAt}</Comment.Metadata>
                    <Comment.Text className="sf-pj-comment-text">{c.content}</Comment.Text>
                    {c.deletable && writes ? (
                      <Comment.Actions>
                        <Comment.Action onClick={() => deleteComment.mutate(c.id, { onError: fail })}>{pj('task.deleteComment')}</Comment.Action>
                      </Comment.Actions>
                    ) : null}
                  </Comment.Content>
                </Comment>
              ))}
            </Comment.Group>
            {writes ? (
              <Form onSubmit={send}>
                <Form.TextArea rows={2} value={text} maxLength={PROJECT_LIMITS.commentMax} placeholder={pj('task.commentPlaceholder')} onChange={(_e, v) => setText(String(v.value ?? ''))} data-testid="task-comment-input" />
                <Button type="submit" size="small" primary content={pj('task.send')} disabled={text.trim() === ''} loading={addComment.isPending} data-testid="task-comment-send" />
              </Form>
            ) : null}
          </>
        ) : null}
      </Modal.Content>
      <Modal.Actions>
        {writes && d ? <Button basic negative icon="trash alternate outline" content={pj('task.delete')} onClick={() => void remove()} data-testid="task-delete" /> : null}
        {writes && d ? <Button basic icon="edit" content={pj('task.editTitle')} onClick={onEdit} data-testid="task-edit" /> : null}
        <Button content={pj('task.close')} onClick={onClose} data-testid="task-panel-close" />
      </Modal.Actions>
    </Modal>
  );
}
