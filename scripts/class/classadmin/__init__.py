"""The class server's administration: the class list and the accounts (roster, accounts), the
password slips (sheet). class.sh runs it as `python -m classadmin`."""
