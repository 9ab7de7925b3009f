import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/http/api';

const declined = vi.fn();
let declineOptions: { onError?: (error: ApiError) => boolean | undefined } = {};
vi.mock('@/portal/api/rfq', () => ({
  useDeclineQuote: (options: typeof declineOptions) => {
    declineOptions = options;
    return { mutate: declined, isPending: false };
  },
}));
const { DeclineButton } = await import('./decline-button');

afterEach(cleanup);

describe('放弃报价', () => {
  it('asks for a reason by the contract rule, sends it once given, and shows a refusal of the server on it', async () => {
    render(<DeclineButton taskId={9} />);
    fireEvent.click(screen.getByRole('button', { name: '放弃报价' }));
    const dialog = screen.getByRole('dialog', { name: '确认放弃本次报价？' });
    fireEvent.click(screen.getByRole('button', { name: '确认放弃' }));
    await waitFor(() => expect(dialog.textContent).toContain('请输入放弃原因'));
    expect(declined).not.toHaveBeenCalled();

    const reason = screen.getByLabelText('放弃原因');
    fireEvent.change(reason, { target: { value: '该品类暂无现货' } });
    expect(dialog.textContent).not.toContain('请输入放弃原因');
    fireEvent.click(screen.getByRole('button', { name: '确认放弃' }));
    await waitFor(() => expect(declined).toHaveBeenCalledWith({ taskId: 9, reason: '该品类暂无现货' }, expect.anything()));

    act(() => {
      declineOptions.onError?.(new ApiError(400, '参数错误', [{ field: 'reason', message: '放弃原因过长' }]));
    });
    expect(screen.getByLabelText('放弃原因').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('放弃原因过长');
  });
});
