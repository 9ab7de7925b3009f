import { useCategoryTree } from '@/features/category/api/category';
import { x } from '../freight/api/freight';
export const planted = [useCategoryTree, x];
