import type { CallStatus, Sentiment } from '@callboard/contract';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import {
  IconCheckCircle,
  IconCircleDashed,
  IconCircleHalf,
  IconFrown,
  IconMeh,
  IconSmile,
} from '../../../components/ui/icons.tsx';

const STATUS: Record<CallStatus, { tone: BadgeTone; icon: (className: string) => ReactNode }> = {
  New: { tone: 'info', icon: (className) => <IconCircleDashed className={className} /> },
  'In progress': { tone: 'warning', icon: (className) => <IconCircleHalf className={className} /> },
  Closed: { tone: 'success', icon: (className) => <IconCheckCircle className={className} /> },
};

/** The status's icon, for places that show the word beside it themselves. */
export function CallStatusIcon({
  status,
  className = 'size-3.5',
}: {
  status: CallStatus;
  className?: string;
}) {
  return STATUS[status].icon(className);
}

/** A call's status: word, icon and colour (never colour alone). */
export function CallStatusBadge({ status }: { status: CallStatus }) {
  const { tone, icon } = STATUS[status];
  return (
    <Badge tone={tone} icon={icon('size-3.5 shrink-0')}>
      {status}
    </Badge>
  );
}

const SENTIMENT: Record<Sentiment, { tone: BadgeTone; label: string; icon: ReactNode }> = {
  positive: {
    tone: 'success',
    label: 'Positive',
    icon: <IconSmile className="size-3.5 shrink-0" />,
  },
  neutral: { tone: 'neutral', label: 'Neutral', icon: <IconMeh className="size-3.5 shrink-0" /> },
  negative: {
    tone: 'danger',
    label: 'Negative',
    icon: <IconFrown className="size-3.5 shrink-0" />,
  },
};

/** The caller's mood as the agent platform judged it. */
export function SentimentBadge({ sentiment }: { sentiment: Sentiment }) {
  const { tone, label, icon } = SENTIMENT[sentiment];
  return (
    <Badge tone={tone} icon={icon} title="Caller sentiment">
      {label}
    </Badge>
  );
}
