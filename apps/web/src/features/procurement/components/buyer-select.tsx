import { BUYER_PERMISSION_CODES } from '@scm/contract';
import type { ComponentProps } from 'react';
import { UserSelect } from '@/shared/user/user-select';

interface Props extends Omit<ComponentProps<typeof UserSelect>, 'filter'> {
  /** Offer only the users who may be a task's buyer (assigning one); the list filter offers everyone, so old tasks stay findable. */
  eligibleOnly?: boolean;
}

/** 采购员: a back-office user, searched by name. */
export function BuyerSelect({ eligibleOnly = false, ...rest }: Props) {
  return <UserSelect filter={eligibleOnly ? { permissionCodes: BUYER_PERMISSION_CODES } : undefined} {...rest} />;
}
