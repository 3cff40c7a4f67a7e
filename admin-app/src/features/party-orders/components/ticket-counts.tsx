import { Flex, Tag } from 'antd';
import { staffColors } from '@festival/web-kit/tokens';
import { palette } from '#shared/theme/admin-theme.ts';

// Tag colours with AA contrast (antd's gold and orange presets fall short).
const ADULT = { color: palette.maroon, background: staffColors.rose, borderColor: staffColors.roseLine };
const CHILD = { color: palette.saffron, background: staffColors.peach, borderColor: staffColors.peachLine };

/** Adult and Child badges, each shown only when above 0. */
export function TicketCounts({ adultTickets, childTickets }: { adultTickets: number; childTickets: number }) {
  return (
    <Flex gap={4} wrap>
      {adultTickets > 0 ? <Tag style={ADULT}>{adultTickets} Adult</Tag> : null}
      {childTickets > 0 ? <Tag style={CHILD}>{childTickets} Child</Tag> : null}
    </Flex>
  );
}
