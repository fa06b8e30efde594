package ignore
