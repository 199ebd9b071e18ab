import { Label } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { extraLabel, isReviewStatus, REVIEW_COLORS, reviewLabel } from './labels.js';

interface Props {
  status: { review: string; extra?: string };
  testId?: string;
  size?: 'mini' | 'tiny' | 'small' | 'medium';
}

/** Review status (未审核 / 待审核 / 审核通过 / 审核不通过 / 已撤回) and, for passed leave, 已销假 / 未销假. */
export function StatusLabels({ status, testId, size = 'tiny' }: Props) {
  const { t } = useT();
  const extra = extraLabel(t, status.extra);
  return (
    <span className="sf-status-labels" data-testid={testId} data-review={status.review} data-extra={status.extra ?? ''}>
      <Label size={size} color={isReviewStatus(status.review) ? REVIEW_COLORS[status.review] : 'grey'} basic={status.review === 'unreviewed'}>
        {reviewLabel(t, status.review)}
      </Label>
      {extra ? (
        <Label size={size} basic color={status.extra === 'cancelled' ? 'teal' : 'yellow'}>
          {extra}
        </Label>
      ) : null}
    </span>
  );
}
