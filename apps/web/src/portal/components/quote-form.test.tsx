import type { RfqInfo } from '@scm/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/http/api';

const submitted = vi.fn();
let submitOptions: { onError?: (error: ApiError) => boolean | undefined } = {};
vi.mock('@/portal/api/rfq', () => ({
  useSubmitQuote: (options: typeof submitOptions) => {
    submitOptions = options;
    return { mutate: submitted, isPending: false };
  },
  useEstimateFreight: () => ({ mutate: vi.fn(), isPending: false }),
}));
const { default: QuoteForm } = await import('./quote-form');

const info = {
  task: {
    id: 7,
    code: 'PT-0007',
    name: '浴室收纳询价',
    status: 'quoting',
    sealed: true,
    quoteDeadline: '2099-01-01T00:00:00Z',
    deliveryRegionCode: '440305',
    deliveryRegionName: '广东省深圳市南山区',
    requiredBy: null,
    lines: [
      { id: 71, commodityName: '三层置物架', spec: null, unit: '个', quantity: 40 },
      { id: 72, commodityName: '防滑浴室地垫', spec: '60×90', unit: '张', quantity: 25 },
    ],
  },
  invitationStatus: 'invited',
  declineReason: null,
  quote: null,
  revisions: [],
  clarifications: [],
  outcome: null,
  serverNow: '2098-12-01T00:00:00Z',
} as unknown as RfqInfo;

const line = (i: number) => within(screen.getByTestId(`quote-line-${i}`));
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交报价' }));

beforeEach(() => submitted.mockReset());
afterEach(cleanup);

describe('the portal quote form', () => {
  it('marks unpriced lines and adds up what is priced as it is typed', () => {
    render(<QuoteForm info={info} onSubmitted={() => {}} />);
    expect(screen.getAllByText('未报价')).toHaveLength(2);
    expect(screen.getByText('2 行未填写单价，将按未报价提交（不计为 0）')).toBeTruthy();
    type(line(0).getByLabelText('单价(元)'), '36.80');
    expect(screen.getAllByText('未报价')).toHaveLength(1);
    expect(screen.getByTestId('quote-total').textContent).toBe('货值 ¥1,472.00 + 运费 ¥0.00');
  });

  it('refuses what is not an amount or a whole number on its field, and sends nothing', async () => {
    render(<QuoteForm info={info} onSubmitted={() => {}} />);
    type(line(0).getByLabelText('单价(元)'), '12.345');
    type(line(1).getByLabelText('交期(天)'), '3.5');
    // The contract's own request schema checks the rest, as the server would.
    type(screen.getByLabelText('有效期至'), '');
    submit();
    await line(0).findByRole('alert');
    expect(screen.getByLabelText('有效期至').getAttribute('aria-invalid')).toBe('true');
    const price = line(0).getByLabelText('单价(元)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(line(0).getByRole('alert').textContent).toBe('请输入金额，最多两位小数');
    expect(line(1).getByRole('alert').textContent).toBe('请输入整数');
    expect(screen.getByLabelText('运费(元)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('请填写运费，包邮请填 0')).toBeTruthy();
    expect(submitted).not.toHaveBeenCalled();
    // Changing a field takes its error away until the next submit.
    type(price, '12.34');
    expect(line(0).queryByRole('alert')).toBeNull();
    expect(line(1).getByRole('alert').textContent).toBe('请输入整数');
  });

  it('sends fen, counts and a zero rate without invoice; a refusal of the server lands on its field', async () => {
    render(<QuoteForm info={info} onSubmitted={() => {}} />);
    type(line(0).getByLabelText('单价(元)'), '36.8');
    type(line(0).getByLabelText(/起订量/), '20');
    type(line(1).getByLabelText('单价(元)'), '12.30');
    type(screen.getByLabelText('运费(元)'), '0');
    fireEvent.click(screen.getByText('不开票'));
    expect(screen.getByText('不开票的税率为 0')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '0%' }) as HTMLInputElement).checked).toBe(true);
    submit();
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    const [body] = submitted.mock.calls[0];
    expect(body).toMatchObject({ taskId: 7, invoiceType: 'none', taxRatePercent: 0, freightMode: 'manual', freightFen: 0 });
    expect(body.lines).toEqual([
      { taskLineId: 71, unitPriceFen: 3680, moq: 20, leadTimeDays: null, remark: null },
      { taskLineId: 72, unitPriceFen: 1230, moq: null, leadTimeDays: null, remark: null },
    ]);

    let handled: boolean | undefined;
    act(() => {
      handled = submitOptions.onError?.(new ApiError(400, '参数错误', [{ field: 'lines.1.unit_price_fen', message: '单价过大' }]));
    });
    expect(handled).toBe(true);
    expect(line(1).getByRole('alert').textContent).toBe('单价过大');
  });
});
