import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type CustomerSalesReport,
  type EmployeeSalesReport,
  type EmployeeSummary,
  type ProductSalesReport,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

/** What every report is asked for: Lagos days (inclusive) and, optionally, one store. */
export type ReportFilters = { startdate: string; enddate: string; store: string | null };

const query = (f: ReportFilters) => ({
  startdate: f.startdate,
  enddate: f.enddate,
  ...(f.store ? { store_ids: f.store } : {}),
});

export const reportPaths = {
  product: (b: string) => `/v1/businesses/${b}/reports/getsalesbyproduct`,
  employee: (b: string) => `/v1/businesses/${b}/reports/salesbyemployee`,
  customer: (b: string) => `/v1/customers/reports/salesbycustomer/business/${b}`,
  summary: (id: string) => `/v1/sales/employee/${id}/summary`,
};

export const useProductReport = (f: ReportFilters, enabled = true) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: ['reports', 'product', b, f],
    queryFn: () => api.post<ProductSalesReport>(reportPaths.product(b), undefined, { query: query(f) }),
    enabled: !!b && enabled,
    placeholderData: keepPreviousData,
  });
};

export const useEmployeeReport = (f: ReportFilters, enabled = true) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: ['reports', 'employee', b, f],
    queryFn: () => api.get<EmployeeSalesReport>(reportPaths.employee(b), { query: query(f) }),
    enabled: !!b && enabled,
    placeholderData: keepPreviousData,
  });
};

export const useCustomerReport = (f: ReportFilters, enabled = true) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: ['reports', 'customer', b, f],
    queryFn: () => api.post<CustomerSalesReport>(reportPaths.customer(b), undefined, { query: query(f) }),
    enabled: !!b && enabled,
    placeholderData: keepPreviousData,
  });
};

export const useEmployeeSummary = (employeeId: string | null, f: ReportFilters, enabled = true) =>
  useQuery({
    queryKey: ['reports', 'summary', employeeId, f],
    queryFn: () => api.get<EmployeeSummary>(reportPaths.summary(employeeId ?? ''), { query: query(f) }),
    enabled: !!employeeId && enabled,
    placeholderData: keepPreviousData,
  });

/** Fetches a report as CSV (`format=csv`) with the session's token and saves it as `fileName`. */
export const downloadReportCsv = (
  method: 'GET' | 'POST',
  path: string,
  f: ReportFilters,
  fileName: string,
): Promise<void> => api.download(method, path, fileName, { query: { ...query(f), format: 'csv' } });
