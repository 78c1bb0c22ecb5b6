/*
 * latbw-hello - the program lat_proc starts with execve() and /bin/sh:
 * it does nothing, so what is measured is starting a program.  It is built
 * with the suite and found next to lat_proc.
 */
int main(void)
{
	return 0;
}
