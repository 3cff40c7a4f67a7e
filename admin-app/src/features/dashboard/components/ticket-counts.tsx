import { Flex, Tag } from 'antd';

/** Adult and Child badges, each shown only when above 0. */
export function TicketCounts({ adultTickets, childTickets }: { adultTickets: number; childTickets: number }) {
  return (
    <Flex gap={4} wrap>
      {adultTickets > 0 ? <Tag color="magenta">{adultTickets} Adult</Tag> : null}
      {childTickets > 0 ? <Tag color="gold">{childTickets} Child</Tag> : null}
    </Flex>
  );
}
