import { useState } from 'react';
import { Button, Input, List, Message } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { toast } from '../util/toast.js';
import { useDebounced } from '../util/use-debounced.js';
import { useAttachBed } from './use-allocate.js';
import { useDormitoriesT } from './use-dormitories-t.js';
import { useFindStudents } from './use-find-students.js';

const SEARCH_DELAY_MS = 300;

/** 入住 into one free bed: find a student by name or number; those with a bed or of the day show it and cannot be chosen. */
export function AttachPicker({ roomId, bedNo, onDone }: { roomId: string; bedNo: number; onDone: () => void }) {
  const { d } = useDormitoriesT();
  const [search, setSearch] = useState('');
  const found = useFindStudents(useDebounced(search, SEARCH_DELAY_MS));
  const attach = useAttachBed();
  const choose = async (studentId: string) => {
    try {
      const res = await attach.mutateAsync({ studentId, roomId, bedNo });
      toast.success(res.msg || d('results.attached'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <div className="sf-dorm-picker" data-testid="dorm-attach-picker">
      <Input size="small" fluid autoFocus icon="search" placeholder={d('fields.search')} value={search} onChange={(_, v) => setSearch(String(v.value))} data-testid="dorm-attach-search" />
      {found.isError ? <Message negative size="tiny" content={errorMessage(found.error)} /> : null}
      <List divided relaxed size="small">
        {(found.data ?? []).map((s) => (
          <List.Item key={s.studentId} data-testid={`dorm-candidate-${s.studentNo}`}>
            <List.Content floated="right">
              <Button size="mini" primary disabled={s.bed !== null || s.boarding !== 'boarding' || attach.isPending} content={d('actions.attach')} onClick={() => void choose(s.studentId)} data-testid={`dorm-choose-${s.studentNo}`} />
            </List.Content>
            <List.Content>
              {s.name} <span className="sf-sub">{`${s.studentNo} ${s.className}`}</span>{' '}
              <span className="sf-sub">{s.bed ? `${s.bed.buildingName} ${s.bed.roomCode}-${s.bed.bedNo}` : s.boarding === 'day' ? d('fields.dayStudent') : d('fields.noBed')}</span>
            </List.Content>
          </List.Item>
        ))}
      </List>
      <Button size="mini" content={d('actions.cancel')} onClick={onDone} />
    </div>
  );
}
