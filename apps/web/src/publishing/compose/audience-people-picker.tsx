import { useState } from 'react';
import { Checkbox, Icon, Label } from 'semantic-ui-react';
import { AUDIENCE_PEOPLE_MAX, type AudiencePerson, type PostKind } from '@schoolflow/contracts';
import { RefSelect } from '../../resources/ref-select.js';
import { useDebounced } from '../../util/use-debounced.js';
import { useAudiencePeople } from '../use-audience-people.js';
import { usePublishingT } from '../use-publishing-t.js';

type PersonType = '' | 'student' | 'staff';
/** Typing settles this long before the search is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * Named people of a post's audience (`audience.userIds`): students of a class, or anyone by name, student number or
 * account (students and staff), checked into the list of the chosen. The shell's people picker lists staff accounts
 * only; this one asks the publishing module, which answers only someone who may publish the kind. With "parents" the
 * server adds the named students' parents when it publishes.
 */
export function AudiencePeoplePicker({ kind, value, onValue, disabled, max }: { kind: PostKind; value: readonly string[]; onValue: (ids: string[]) => void; disabled: boolean; max: number }) {
  const { p } = usePublishingT();
  const [classId, setClassId] = useState('');
  const [type, setType] = useState<PersonType>('');
  const [typed, setTyped] = useState('');
  // what was typed once it has settled: one search per pause
  const keyword = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  // names of those chosen, for their labels (the form keeps ids only)
  const [names, setNames] = useState<Record<string, string>>({});
  const people = useAudiencePeople({ kind, type: type || undefined, classId: classId || undefined, keyword: keyword || undefined });
  const rows = classId || keyword ? (people.data ?? []) : [];
  const chosen = new Set(value);

  const toggle = (person: AudiencePerson, on: boolean) => {
    if (on) {
      if (chosen.has(person.userId) || value.length >= max) return;
      setNames((n) => ({ ...n, [person.userId]: person.name }));
      onValue([...value, person.userId]);
    } else onValue(value.filter((id) => id !== person.userId));
  };

  return (
    <div className="sf-audience-people" data-testid="post-people" data-count={value.length}>
      {value.length > 0 ? (
        <div className="sf-audience-people-chosen" aria-label={p('web.compose.peoplePicker.chosen', { n: value.length })}>
          {value.map((id) => (
            <Label key={id} size="small" data-testid="post-people-chosen" data-user={id}>
              {names[id] ?? '…'}
              {disabled ? null : <Icon name="delete" role="button" aria-label={p('web.compose.peoplePicker.remove', { name: names[id] ?? '' })} onClick={() => onValue(value.filter((x) => x !== id))} data-testid="post-people-remove" />}
            </Label>
          ))}
        </div>
      ) : null}
      <div className="sf-audience-people-filter">
        <RefSelect source="classes" value={classId} onValue={setClassId} testId="post-people-class" emptyText={p('web.compose.peoplePicker.anyClass')} />
        <select className="ui dropdown" value={type} disabled={disabled} aria-label={p('web.compose.peoplePicker.allTypes')} onChange={(e) => setType(e.target.value as PersonType)} data-testid="post-people-type">
          <option value="">{p('web.compose.peoplePicker.allTypes')}</option>
          <option value="student">{p('web.compose.peoplePicker.types.student')}</option>
          <option value="staff">{p('web.compose.peoplePicker.types.staff')}</option>
        </select>
        <div className="ui input">
          <input value={typed} disabled={disabled} maxLength={50} placeholder={p('web.compose.peoplePicker.search')} aria-label={p('web.compose.peoplePicker.search')} onChange={(e) => setTyped(e.target.value)} data-testid="post-people-search" />
        </div>
      </div>
      <div className={`sf-audience-people-results ${people.isFetching ? 'sf-loading' : ''}`} data-testid="post-people-results">
        {!classId && !keyword ? (
          <div className="sf-hint">{p('web.compose.peoplePicker.hint')}</div>
        ) : rows.length === 0 && !people.isFetching ? (
          <div className="sf-hint" data-testid="post-people-empty">
            {p('web.compose.peoplePicker.empty')}
          </div>
        ) : (
          rows.map((person) => (
            <div key={person.userId} className="sf-audience-people-row" data-testid="post-people-row" data-user={person.userId} data-account={person.account} data-type={person.type}>
              <Checkbox
                checked={chosen.has(person.userId)}
                disabled={disabled}
                label={person.name}
                onChange={(_e, d) => toggle(person, Boolean(d.checked))}
                data-testid="post-people-check"
              />
              <span className="sf-hint">{person.type === 'student' ? `${person.studentNo ?? person.account} · ${person.className ?? ''}` : `${person.account} · ${p('web.compose.peoplePicker.types.staff')}`}</span>
            </div>
          ))
        )}
        {rows.length >= AUDIENCE_PEOPLE_MAX ? <div className="sf-hint">{p('web.compose.peoplePicker.more', { n: AUDIENCE_PEOPLE_MAX })}</div> : null}
      </div>
    </div>
  );
}
