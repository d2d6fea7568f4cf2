import {
  type AddTariffValueBody,
  parameterUnits,
  storedTariffValueResponseSchema,
  tariffDataMessages,
  valueStatuses,
} from '@pilote/contracts';
import { PARAMETER_REGISTRY } from '@pilote/tariffs';
import { parseFrenchNumber } from '@pilote/tariffs/numbers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/admin/tariff-data/values` (admins): a new dated value, or a new version of that date. */
export function addTariffValue(body: AddTariffValueBody) {
  return api.post('/api/admin/tariff-data/values', body, { schema: storedTariffValueResponseSchema });
}

export function useAddTariffValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTariffValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tariff-data'] }),
  });
}

const numberMessage = 'Veuillez indiquer une valeur numérique (ex. 1 234,56), ou « fin ».';

/** The add form's fields (strings as typed), checked before sending; the server checks again. */
export const addValueFormSchema = z
  .object({
    parameterId: z.string().min(1, { error: tariffDataMessages.parameterId }),
    validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: tariffDataMessages.validFrom }),
    value: z
      .string()
      .trim()
      .min(1, { error: numberMessage })
      .refine((text) => text.toLowerCase() === 'fin' || parseFrenchNumber(text) !== null, { error: numberMessage }),
    unit: z.enum(parameterUnits, { error: 'Unité inconnue.' }),
    status: z.enum(valueStatuses),
    referenceTitle: z.string().trim().min(1, { error: tariffDataMessages.referenceTitle }).max(300),
    referenceUrl: z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/i, { error: tariffDataMessages.referenceUrl }),
    note: z.string().trim().max(1000, { error: tariffDataMessages.note }),
  })
  .superRefine((form, ctx) => {
    const param = PARAMETER_REGISTRY.find((p) => p.id === form.parameterId);
    if (param && param.unit !== form.unit) {
      ctx.addIssue({
        code: 'custom',
        path: ['unit'],
        message: `L’unité « ${form.unit} » ne correspond pas à celle du paramètre « ${param.description} » (${param.unit}).`,
      });
    }
  });
export type AddValueFormValues = z.infer<typeof addValueFormSchema>;

export function toAddTariffValueBody(form: AddValueFormValues): AddTariffValueBody {
  return {
    parameterId: form.parameterId,
    validFrom: form.validFrom,
    value: form.value.toLowerCase() === 'fin' ? null : parseFrenchNumber(form.value),
    unit: form.unit,
    status: form.status,
    references: [{ title: form.referenceTitle, url: form.referenceUrl, publishedOn: null }],
    note: form.note,
  };
}
