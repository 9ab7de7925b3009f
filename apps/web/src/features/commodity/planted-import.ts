import { x } from '@/features/commodity/api/commodity';
import { y } from '@/shared/http/api';
export const planted = [x, y];
