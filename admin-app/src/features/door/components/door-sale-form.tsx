import { Alert, Button, Card, Flex, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { formatCents, ticketLines, type DoorSaleResponse } from '@festival/contracts';
import { errorMessage } from '../../../shared/api/error-message';
import { useDoorSale, useDoorSaleQuote } from '../api/door-sale';

const newRequestId = (): string => crypto.randomUUID();

interface DoorSaleFormProps {
  /** A sale made: its guests are in, so `Arrived` is read again. */
  onSold: (sale: DoorSaleResponse) => void;
  onClose: () => void;
}

/**
 * `Sell at the door` (docs/door.md): adults and children at the Tickets settings' prices, paid
 * in cash, the ticket issued already checked in. Loaded only when opened, so the scanner page
 * stays small. One request id per sale: a double tap or a retry sells once.
 */
export function DoorSaleForm({ onSold, onClose }: DoorSaleFormProps) {
  const [adults, setAdults] = useState(1);
  const [children, setChildren] = useState(0);
  const [name, setName] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [sold, setSold] = useState<DoorSaleResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const quote = useDoorSaleQuote(adults, children);
  const sale = useDoorSale();
  const count = adults + children;

  const change = (set: (value: number) => void) => (value: number | null) => {
    set(typeof value === 'number' ? value : 0);
    setRequestId(newRequestId());
    setProblem(null);
    setSold(null);
  };

  const sell = () => {
    if (count === 0 || sale.isPending) return;
    setProblem(null);
    sale.mutateAsync({ adults, children, paymentMethod: 'cash', customerName: name.trim() || undefined, requestId }).then(
      (answer) => {
        setSold(answer);
        setRequestId(newRequestId());
        setName('');
        onSold(answer);
      },
      (error: unknown) => setProblem(errorMessage(error, 'The sale was not made. Try again in a moment.')),
    );
  };

  return (
    <Card size="small" title="Sell at the door" extra={<Button onClick={onClose}>Close</Button>}>
      <Flex vertical gap={12}>
        <Flex gap={12} wrap>
          <label>
            <span className="door-label">Adults</span>
            <InputNumber aria-label="Adults" size="large" min={0} max={50} precision={0} value={adults} onChange={change(setAdults)} />
          </label>
          <label>
            <span className="door-label">Children</span>
            <InputNumber
              aria-label="Children"
              size="large"
              min={0}
              max={50}
              precision={0}
              value={children}
              onChange={change(setChildren)}
            />
          </label>
        </Flex>
        <label>
          <span className="door-label">Name (optional)</span>
          <Input aria-label="Name (optional)" maxLength={160} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <Typography.Text strong aria-live="polite" data-testid="door-sale-total">
          {count === 0
            ? 'Choose at least one adult or child'
            : quote.data
              ? `Total ${formatCents(quote.data.totalCents)} for ${ticketLines(adults, children)}`
              : quote.error
                ? errorMessage(quote.error, 'The price could not be loaded')
                : 'Total …'}
        </Typography.Text>
        <Typography.Text type="secondary">Take the cash first: the guests are checked in when the sale is made.</Typography.Text>
        <Button type="primary" size="large" disabled={count === 0 || !quote.data} loading={sale.isPending} onClick={sell}>
          Cash received: sell and check in
        </Button>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {sold ? (
          <Alert
            type="success"
            showIcon
            role="status"
            title={`Sold ${ticketLines(sold.adults, sold.children)} for ${formatCents(sold.totalCents)} in cash`}
            description={`${sold.admitted} admitted · order ${sold.reference}`}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
