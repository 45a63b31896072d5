import sys

from companion.cli.main import main

sys.exit(main())
