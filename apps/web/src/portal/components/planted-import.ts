import { Button } from 'antd';
import { z } from 'zod';
import { DeadlineCountdown } from '@/features/procurement/components/deadline-countdown';
import { x } from '../../features/planning/api/planning';
import { ShellLayout } from '@/app/shell/shell-layout';
export const planted = [Button, z, DeadlineCountdown, x, ShellLayout];
